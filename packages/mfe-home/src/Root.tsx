import { BrowserRouter, Route, Routes } from 'react-router-dom';
import type { RemoteAppProps } from 'shared-contracts';
import { HomeScreen } from './HomeScreen';

export function Root({ host }: RemoteAppProps) {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/" element={<HomeScreen host={host} />} />
      </Routes>
    </BrowserRouter>
  );
}

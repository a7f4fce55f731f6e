import { BrowserRouter, Route, Routes } from 'react-router-dom';
import type { RemoteAppProps } from 'shared-contracts';
import { CallbackScreen } from './CallbackScreen';
import { LoginScreen } from './LoginScreen';

export function Root({ host }: RemoteAppProps) {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/login" element={<LoginScreen host={host} />} />
        <Route path="/authSuccessCallback" element={<CallbackScreen host={host} target="main" />} />
        <Route
          path="/authOtherOrgSuccessCallback"
          element={<CallbackScreen host={host} target="otherOrg" />}
        />
      </Routes>
    </BrowserRouter>
  );
}

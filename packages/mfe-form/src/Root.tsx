import { BrowserRouter, Route, Routes } from 'react-router-dom';
import type { RemoteAppProps } from 'shared-contracts';
import { FileNameRoute, FormScreenRoute } from './form-screen';
import { LauncherRoute } from './launcher';
import { useHostBridge } from './canvas/useHostBridge';

export function Root({ host }: RemoteAppProps) {
  useHostBridge(); // canvas mode: answer the org page's pings
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/form/:formid" element={<FormScreenRoute host={host} />} />
        <Route path="/filename" element={<FileNameRoute host={host} />} />
        <Route path="/launchFromSF/*" element={<LauncherRoute host={host} />} />
      </Routes>
    </BrowserRouter>
  );
}

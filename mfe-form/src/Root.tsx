import { BrowserRouter, Route, Routes } from 'react-router-dom';
import type { RemoteAppProps } from 'shared-contracts';
import { FileNameRoute, FormScreenRoute } from './form-screen';
import { LauncherRoute } from './launcher';
import { canvasScreenProps } from './canvas/screen';
import { useHostBridge } from './canvas/useHostBridge';

export function Root({ host }: RemoteAppProps) {
  useHostBridge(host); // canvas mode: answer the org page's pings
  // Canvas mode: finish/close tell the org page instead of going home (read per render: the launcher
  // switches it on for this frame).
  const canvas = canvasScreenProps(host);
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/form/:formid" element={<FormScreenRoute host={host} {...canvas} />} />
        <Route path="/filename" element={<FileNameRoute host={host} {...canvas} />} />
        <Route path="/launchFromSF/*" element={<LauncherRoute host={host} />} />
      </Routes>
    </BrowserRouter>
  );
}

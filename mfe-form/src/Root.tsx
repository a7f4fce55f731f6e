import { BrowserRouter, Route, Routes } from 'react-router-dom';
import type { RemoteAppProps } from 'shared-contracts';
import { FileNameRoute, FormScreenRoute } from './form-screen';
import { LauncherRoute } from './launcher';
import { canvasScreenProps } from './canvas/screen';
import { useHostBridge } from './canvas/useHostBridge';
import { setDisplayLocale } from 'form-core';
import { useObservable } from 'ui-kit/use-observable';

export function Root({ host }: RemoteAppProps) {
  useHostBridge(host); // canvas mode: answer the org page's pings
  // Dates and numbers in the user's Salesforce locale (issue 44), as home shows them: set during render
  // so the screen's first paint already has it.
  setDisplayLocale(useObservable(host.i18n.displayLocale).locale);
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

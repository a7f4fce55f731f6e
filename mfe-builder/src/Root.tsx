import { BrowserRouter, Route, Routes } from 'react-router-dom';
import type { RemoteAppProps } from 'shared-contracts';
import { BuilderRoute } from './builder';
import { AccessGate } from './AccessGate';
import { SignInGate } from './SignInGate';
import { TemplateConfigurationRoute, TemplatesRoute } from './templates';

export function Root({ host }: RemoteAppProps) {
  return (
    <BrowserRouter>
      <SignInGate host={host}>
        <AccessGate host={host}>
          <Routes>
            <Route path="/CQEditFormSF/:editFormRecordId" element={<BuilderRoute host={host} />} />
            <Route path="/templates" element={<TemplatesRoute host={host} />} />
            <Route path="/templateConfiguration" element={<TemplateConfigurationRoute host={host} />} />
          </Routes>
        </AccessGate>
      </SignInGate>
    </BrowserRouter>
  );
}

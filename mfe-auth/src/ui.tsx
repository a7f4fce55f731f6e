import type { ReactNode } from 'react';
import { AUTH_CSS } from './auth-styles';

/**
 * The screens' stylesheet, once per mounted screen (React keeps it in the remote's own root). Set as
 * markup: a prerendered screen's `<style>` is raw text, where escaped quotes would break the CSS.
 */
export function AuthStyles() {
  return <style dangerouslySetInnerHTML={{ __html: AUTH_CSS }} />;
}

export type AlertStatus = 'warning' | 'info' | 'error';

const ICON_PATHS: Record<AlertStatus, string> = {
  // Exclamation in a triangle, an "i" in a circle, an exclamation in a circle.
  warning:
    'M23.119,20,13.772,2.15h0a2,2,0,0,0-3.543,0L.881,20a2,2,0,0,0,1.772,2.928H21.347A2,2,0,0,0,23.119,20ZM11,8.423a1,1,0,0,1,2,0v6a1,1,0,1,1-2,0Zm1.05,11.51h-.028a1.528,1.528,0,0,1-1.522-1.47,1.476,1.476,0,0,1,1.448-1.53h.028A1.527,1.527,0,0,1,13.5,18.4,1.475,1.475,0,0,1,12.05,19.933Z',
  info: 'M12,0A12,12,0,1,0,24,12,12.013,12.013,0,0,0,12,0Zm.25,5a1.5,1.5,0,1,1-1.5,1.5A1.5,1.5,0,0,1,12.25,5ZM14.5,18.5h-4a1,1,0,0,1,0-2h.75a.25.25,0,0,0,.25-.25v-4.5a.25.25,0,0,0-.25-.25H10.5a1,1,0,0,1,0-2h1a2,2,0,0,1,2,2v4.75a.25.25,0,0,0,.25.25h.75a1,1,0,1,1,0,2Z',
  error:
    'M11.983,0a12.206,12.206,0,0,0-8.51,3.653A11.8,11.8,0,0,0,0,12.207,11.779,11.779,0,0,0,11.8,24h.214A12.111,12.111,0,0,0,24,11.791h0A11.766,11.766,0,0,0,11.983,0ZM10.5,16.542a1.476,1.476,0,0,1,1.449-1.53h.027a1.527,1.527,0,0,1,1.523,1.47,1.475,1.475,0,0,1-1.449,1.53h-.027A1.529,1.529,0,0,1,10.5,16.542ZM11,12.5v-6a1,1,0,0,1,2,0v6a1,1,0,1,1-2,0Z',
};

/** A message box with its status icon, like Chakra's Alert (role "status" for information, "alert" otherwise). */
export function Alert({
  status,
  children,
  testId,
}: {
  status: AlertStatus;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div
      className={`au-alert au-alert-${status}`}
      role={status === 'info' ? 'status' : 'alert'}
      data-testid={testId}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path fill="currentColor" d={ICON_PATHS[status]} />
      </svg>
      <div>{children}</div>
    </div>
  );
}

export function Spinner({ label, large = false }: { label?: string; large?: boolean }) {
  return (
    <div
      className={large ? 'au-spinner au-spinner-xl' : 'au-spinner'}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    />
  );
}

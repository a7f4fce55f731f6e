// mfe-auth's screens are plain React with this small stylesheet, not Chakra: the sign-in page is the
// first thing a field user loads, often on a slow phone network, and Chakra alone is ~97 KB br.
// The values are the product theme's (Chakra 2 defaults, blue.600 solid buttons for AA contrast), so
// the page looks like the rest of the app.
export const AUTH_CSS = `
.au-page{min-height:70vh;display:flex;align-items:center;justify-content:center;padding:1rem;box-sizing:border-box}
.au-page *,.au-page *::before,.au-page *::after{box-sizing:border-box}
.au-card{width:100%;max-width:28rem;background:#fff;border:1px solid #E2E8F0;border-radius:.5rem;box-shadow:0 1px 3px 0 rgba(0,0,0,.1),0 1px 2px 0 rgba(0,0,0,.06);padding:2rem;display:flex;flex-direction:column;gap:1.25rem;color:#1A202C;font-family:-apple-system,BlinkMacSystemFont,"Segoe UI",Helvetica,Arial,sans-serif;line-height:1.5}
.au-brand{display:flex;flex-direction:column;align-items:center;gap:.75rem;text-align:center}
.au-title{margin:0;font-size:1.875rem;font-weight:700;line-height:1.2}
.au-muted{margin:0;color:#4A5568}
.au-stack{display:flex;flex-direction:column;gap:.75rem}
.au-alert{display:flex;align-items:flex-start;gap:.75rem;padding:.75rem 1rem;border-radius:.375rem}
.au-alert svg{flex-shrink:0;width:1.25rem;height:1.25rem;margin-top:.125rem}
.au-alert-warning{background:#FEEBC8}.au-alert-warning svg{color:#C05621}
.au-alert-info{background:#BEE3F8}.au-alert-info svg{color:#2B6CB0}
.au-alert-error{background:#FED7D7}.au-alert-error svg{color:#C53030}
.au-btn{display:inline-flex;align-items:center;justify-content:center;width:100%;min-height:2.5rem;padding:.375rem 1rem;border-radius:.375rem;font:inherit;font-weight:600;font-size:1rem;line-height:1.25;text-align:center;cursor:pointer;border:1px solid transparent;transition:background-color .2s}
.au-btn:focus-visible,.au-input:focus-visible,.au-link:focus-visible{outline:none;box-shadow:0 0 0 3px rgba(66,153,225,.6)}
.au-btn:disabled{opacity:.4;cursor:not-allowed;box-shadow:none}
.au-solid{background:#2B6CB0;color:#fff}.au-solid:hover:not(:disabled){background:#2C5282}.au-solid:active:not(:disabled){background:#2A4365}
.au-outline-blue{background:transparent;color:#2B6CB0;border-color:currentColor}.au-outline-blue:hover:not(:disabled){background:#EBF8FF}
.au-outline{background:transparent;color:#1A202C;border-color:#E2E8F0}.au-outline:hover:not(:disabled){background:#EDF2F7}
.au-divider{border:0;border-top:1px solid #E2E8F0;margin:0;opacity:.6}
.au-label{display:block;font-weight:500;margin-bottom:.5rem}
.au-input{display:block;width:100%;height:2.5rem;padding:0 1rem;font:inherit;font-size:1rem;border:1px solid #E2E8F0;border-radius:.375rem;background:#fff;color:inherit}
.au-input:hover{border-color:#CBD5E0}
.au-input[aria-invalid=true]{border-color:#E53E3E;box-shadow:0 0 0 1px #E53E3E}
.au-help{margin:.5rem 0 0;font-size:.875rem;color:#4A5568}
.au-link{color:#2C5282;font-weight:600;text-decoration:underline;background:none;border:0;padding:0;font:inherit;cursor:pointer}
.au-spinner{width:2rem;height:2rem;border:3px solid #CBD5E0;border-top-color:#2B6CB0;border-radius:50%;animation:au-spin .65s linear infinite;margin:0 auto}
.au-spinner-xl{width:4rem;height:4rem;border-width:4px}
@keyframes au-spin{to{transform:rotate(360deg)}}
@media (prefers-reduced-motion:reduce){.au-spinner{animation-duration:2s}}
.au-callback{max-width:32rem;margin:0 auto;padding:1.5rem;font-family:-apple-system,BlinkMacSystemFont,"Segoe UI",Helvetica,Arial,sans-serif;color:#1A202C;line-height:1.5;display:flex;flex-direction:column;gap:1rem}
.au-center{display:flex;flex-direction:column;align-items:center;gap:1rem;padding:2.5rem 0}
`;

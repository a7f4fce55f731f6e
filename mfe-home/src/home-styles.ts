// Home's first screen (the header line, the tabs, the cards) is plain React with this stylesheet, not
// Chakra: on a field network the screen a user opens after every sign-in should not wait for the UI
// library (~100 KB br with emotion). Chakra comes at idle after the first paint, for what needs it
// (dialogs, the outbox drawer, toasts, corrective actions, the report's buttons: chakra-layer.tsx).
// The values are the product theme's (Chakra 2 defaults, blue.600 solid buttons for AA contrast), so
// the screen looks as it did with Chakra; every rule sets what Chakra's CSS reset would otherwise
// change once the full header brings it (margins, borders, fonts), so the look does not move then.
export const HOME_CSS = `
.hm{padding:.75rem;max-width:64rem;margin:0 auto;color:#1A202C}
.hm *,.hm *::before,.hm *::after{box-sizing:border-box}
@media (min-width:48em){.hm{padding:1.5rem}}
.hm-top{display:flex;align-items:flex-end;justify-content:space-between;flex-wrap:wrap;gap:.5rem;margin-bottom:1rem}
.hm-h2{margin:0;font-size:1.5rem;font-weight:700;line-height:1.33;font-family:inherit}
@media (min-width:48em){.hm-h2{font-size:1.875rem;line-height:1.2}}
.hm-h3{margin:0;font-size:1rem;font-weight:700;line-height:1.2;font-family:inherit;overflow-wrap:anywhere}
.hm-clamp{display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:2;overflow:hidden;text-overflow:ellipsis}
.hm-p{margin:0}
.hm-sm{font-size:.875rem}.hm-xs{font-size:.75rem}
.hm-muted{color:#4A5568}
.hm-red{color:#9B2C2C}
.hm-stack{display:flex;flex-direction:column;gap:.75rem}
.hm-stack1{display:flex;flex-direction:column;gap:.25rem;min-width:0}
.hm-row{display:flex;align-items:flex-start;justify-content:space-between;flex-wrap:wrap;gap:.75rem}
.hm-line{display:flex;align-items:center;gap:.5rem}
.hm-wrap{flex-wrap:wrap}
.hm-grow{flex:1 1 0%}.hm-grow12{flex:1 1 12rem}
.hm-btn{display:inline-flex;align-items:center;justify-content:center;position:relative;white-space:nowrap;vertical-align:middle;margin:0;font:inherit;font-weight:600;line-height:1.2;border-radius:.375rem;border:1px solid transparent;cursor:pointer;height:2rem;min-width:2rem;padding:0 .75rem;font-size:.875rem;transition:background-color .2s;background:#EDF2F7;color:#1A202C}
.hm-btn:focus-visible,.hm-input:focus-visible,.hm-select:focus-visible,.hm-tab:focus-visible,.hm-link:focus-visible,.hm-switch input:focus-visible+span{outline:none;box-shadow:0 0 0 3px rgba(66,153,225,.6)}
.hm-btn:disabled{opacity:.4;cursor:not-allowed}
.hm-btn-xs{height:1.5rem;min-width:1.5rem;padding:0 .5rem;font-size:.75rem}
.hm-solid{background:#2B6CB0;color:#fff}.hm-solid:hover:not(:disabled){background:#2C5282}.hm-solid:active:not(:disabled){background:#2A4365}
.hm-outline{background:transparent;border-color:#E2E8F0}.hm-outline:hover:not(:disabled){background:#EDF2F7}
.hm-busy>.hm-label{opacity:0}
.hm-busy>.hm-spin{position:absolute}
.hm-badge{display:inline-block;padding:0 .25rem;border-radius:.125rem;font-size:.75rem;font-weight:700;text-transform:uppercase;white-space:nowrap;vertical-align:middle;line-height:1.5;background:#EDF2F7;color:#1A202C}
.hm-badge-orange{background:#FEEBC8;color:#7B341E}.hm-badge-red{background:#FED7D7;color:#822727}
.hm-pill{border-radius:9999px}
.hm-ms2{margin-inline-start:.5rem}
.hm-alert{display:flex;align-items:center;padding:.75rem 1rem;border-radius:.375rem;margin:0 0 1rem;line-height:1.5rem}
.hm-alert svg{display:block;flex-shrink:0;width:1.25rem;height:1.5rem;margin-inline-end:.75rem}
.hm-alert-info{background:#BEE3F8}.hm-alert-info svg{color:#2B6CB0}
.hm-alert-warning{background:#FEEBC8}.hm-alert-warning svg{color:#C05621}
.hm-alert.hm-flush{margin:0}
.hm-card{display:flex;flex-direction:column;position:relative;min-width:0;overflow-wrap:break-word;background:#fff;border:1px solid #E2E8F0;border-radius:.375rem;padding:1.25rem;margin:0}
.hm-card-special{border-color:#F6AD55;background:#FFFAF0}
.hm-link{color:#2C5282;text-decoration:none;cursor:pointer;outline:none}.hm-link:hover{text-decoration:underline}
.hm-link.hm-strong{font-weight:600}
.hm-ext{display:inline-block;width:.75rem;height:.75rem;margin:0 4px;vertical-align:middle}
.hm-tablist{display:flex;border-bottom:2px solid #E2E8F0;margin:0}
.hm-tab{display:flex;align-items:center;justify-content:center;margin:0 0 -2px;padding:.5rem 1rem;font:inherit;font-size:1rem;line-height:1.5;color:inherit;background:transparent;border:0;border-bottom:2px solid transparent;cursor:pointer;transition:all .2s}
.hm-tab[aria-selected=true]{color:#2B6CB0;border-bottom-color:currentColor}
.hm-tab:active{background:#E2E8F0}
.hm-panel{padding:1rem 0;outline:none}
.hm-selectbox{position:relative;margin-bottom:.75rem}
.hm-select,.hm-input{display:block;width:100%;height:2.5rem;margin:0;font:inherit;font-size:1rem;line-height:1.5;color:inherit;background:#fff;border:1px solid #E2E8F0;border-radius:.375rem;appearance:none}
.hm-select{padding-inline:1rem 2rem}
.hm-select:hover,.hm-input:hover{border-color:#CBD5E0}
.hm-chevron{position:absolute;top:50%;inset-inline-end:.5rem;transform:translateY(-50%);width:1.25rem;height:1.25rem;pointer-events:none;display:block}
.hm-search{position:relative}
.hm-input{padding-inline:2.5rem 1rem}
.hm-input::placeholder{color:#718096;opacity:1}
.hm-search svg{position:absolute;top:0;inset-inline-start:0;width:2.5rem;height:2.5rem;padding:.75rem;color:#718096;pointer-events:none;display:block}
.hm-flabel{display:flex;align-items:center;width:auto;margin:0}
.hm-flabel label{font-size:.875rem;font-weight:500;margin:0 .75rem 0 0;margin-inline:0 .75rem;text-align:start}
.hm-switch{position:relative;display:inline-block;vertical-align:middle;line-height:0}
.hm-switch input{position:absolute;inset:0;width:100%;height:100%;margin:0;opacity:0;cursor:pointer}
.hm-switch span{display:inline-flex;box-sizing:content-box;width:1.875rem;height:1rem;padding:2px;border-radius:9999px;background:#CBD5E0;transition:background-color .12s}
.hm-switch span::after{content:"";width:1rem;height:1rem;border-radius:9999px;background:#fff;transition:transform .12s}
.hm-switch input:checked+span{background:#3182CE}
.hm-switch input:checked+span::after{transform:translateX(.875rem)}
[dir=rtl] .hm-switch input:checked+span::after{transform:translateX(-.875rem)}
.hm-spin{display:inline-block;width:1.5rem;height:1.5rem;border:2px solid currentColor;border-bottom-color:transparent;border-inline-start-color:transparent;border-radius:9999px;animation:hm-spin .45s linear infinite;vertical-align:middle}
.hm-spin-sm{width:1rem;height:1rem}
@keyframes hm-spin{to{transform:rotate(360deg)}}
.hm-center{text-align:center}
.hm-nodata{display:flex;flex-direction:column;align-items:center;gap:.75rem;padding:2.5rem 0}
.hm-nodata svg{display:block}
.hm-ol{margin:0;padding-inline-start:1.25rem}
.hm-icon-btn{padding:0;height:1.5rem;min-width:1.5rem;background:transparent;color:#C05621}.hm-icon-btn:hover{background:#FFFAF0}
.hm-icon-btn svg{width:1em;height:1em;display:block}
.hm-sr{border:0;clip:rect(0,0,0,0);height:1px;width:1px;margin:-1px;padding:0;overflow:hidden;white-space:nowrap;position:absolute}
`;

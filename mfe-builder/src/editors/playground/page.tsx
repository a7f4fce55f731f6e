// The editors playground page on mfe-builder's own origin (/editors): no shell, no sign-in.
import { createRoot } from 'react-dom/client';
import EditorsPlayground from './EditorsPlayground';

const el = document.createElement('div');
document.body.appendChild(el);
createRoot(el).render(<EditorsPlayground />);

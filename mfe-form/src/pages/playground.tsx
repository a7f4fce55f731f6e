// The renderer playground page on mfe-form's own origin (/playground): no shell, no sign-in.
import { createRoot } from 'react-dom/client';
import Playground from '../playground/Playground';

const el = document.createElement('div');
document.body.appendChild(el);
createRoot(el).render(<Playground />);

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './ui/AppRoutes';
import { UpdatePrompt } from './pwa/UpdatePrompt';
import { startInstallCapture } from './pwa/installPrompt';
import { startTheme } from './ui/theme';
import './ui/styles.css';

startTheme();
// Chromium offers installation once, early, on whatever page is open: keep it for /pwa-install.
startInstallCapture();
// The session and the subscription status: loaded lazily so the first paint does not wait on them.
void import('./client/startAccount').then((m) => m.startAccount());

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <AppRoutes />
      <UpdatePrompt />
    </BrowserRouter>
  </StrictMode>,
);

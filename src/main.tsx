import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './ui/AppRoutes';
import { UpdatePrompt } from './pwa/UpdatePrompt';
import { startTheme } from './ui/theme';
import './ui/styles.css';

startTheme();

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

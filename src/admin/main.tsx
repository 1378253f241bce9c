/** The dashboard's entry: renders the app into the shell's root element. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AdminApp } from './App.tsx';
import './admin.css';
import './email-preview.css';

const root = document.getElementById('admin-root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <AdminApp />
    </StrictMode>,
  );

import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { followTheme } from '../lib/theme.ts';
import { AppProvider } from './provider.tsx';
import { createAppRouter } from './router.tsx';

export function App() {
  const [router] = useState(createAppRouter);
  useEffect(followTheme, []);
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}

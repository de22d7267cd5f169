import { createBrowserRouter } from 'react-router';
import { RouteError } from './components/route-error';
import { StartPage } from './features/start/pages/start-page';

// Features add their routes here, lazily loaded (`lazy: () => import(...)`) so the first download stays small.
export function createAppRouter() {
  return createBrowserRouter([
    {
      errorElement: <RouteError />,
      children: [{ path: '*', element: <StartPage /> }],
    },
  ]);
}

import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLayoutEffect } from 'react';
import { MemoryRouter, useLocation, type Location } from 'react-router-dom';
import { AppProvider } from '@/app/provider';
import { AppRoutes } from '@/app/router';
import { createQueryClient } from '@/lib/query-client';

interface RouterView {
  state: { location: Location };
}

/** Tells `onChange` the page the app shows now. */
function LocationProbe({ onChange }: { onChange: (location: Location) => void }) {
  const location = useLocation();
  useLayoutEffect(() => onChange(location), [onChange, location]);
  return null;
}

/**
 * The app as the browser runs it (its providers, toaster and routes) at `path`, with a fresh
 * query cache per test. The API is whatever the MSW server answers.
 */
export function renderWithApp(path = '/') {
  const queryClient = createQueryClient();
  const url = new URL(path, 'http://localhost');
  const router: RouterView = { state: { location: { pathname: url.pathname, search: url.search, hash: url.hash, state: null, key: 'default' } } };
  const user = userEvent.setup();
  const view = render(
    <AppProvider queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <LocationProbe
          onChange={(location) => {
            router.state.location = location;
          }}
        />
        <AppRoutes />
      </MemoryRouter>
    </AppProvider>,
  );
  return { ...view, user, router, queryClient };
}

import { act, fireEvent, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppRouter } from './app-router';
import {
  createPath,
  isPathAt,
  Link,
  parsePath,
  useLocation,
  useNavigate,
  useSearchParams,
  type NavigateFunction,
} from './navigation';

afterEach(() => window.history.replaceState(null, '', '/'));

describe('paths', () => {
  it('splits and writes a path as react-router does', () => {
    expect(parsePath('/account/login?tenantId=t1#top')).toEqual({
      pathname: '/account/login',
      search: '?tenantId=t1',
      hash: '#top',
    });
    expect(parsePath('?x=1')).toEqual({ search: '?x=1' });
    expect(createPath({ pathname: '/a', search: 'x=1', hash: 'top' })).toBe('/a?x=1#top');
    expect(createPath({ pathname: '/a', search: '?', hash: '#' })).toBe('/a');
  });

  it('matches a fixed path in any letter case, with or without trailing slashes, and nothing under it', () => {
    expect(isPathAt('/account/login', '/account/login')).toBe(true);
    expect(isPathAt('/account/login', '/Account/LOGIN//')).toBe(true);
    expect(isPathAt('/account/login', '/account/login/magic-link')).toBe(false);
    expect(isPathAt('/account/login', '/account')).toBe(false);
  });
});

function Page({ onNavigate }: { onNavigate: (navigate: NavigateFunction) => void }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  useEffect(() => {
    onNavigate(navigate);
  }, [navigate, onNavigate]);
  return (
    <>
      <p>
        At {location.pathname}, step {params.get('step') ?? 'none'}
      </p>
      <Link to="/account/forget-password" className="link">
        Reset it
      </Link>
      <Link to="next">Next</Link>
    </>
  );
}

function setup(at: string) {
  window.history.replaceState(null, '', at);
  let navigate: NavigateFunction = () => undefined;
  render(
    <AppRouter>
      <Page onNavigate={(next) => (navigate = next)} />
    </AppRouter>,
  );
  return (to: Parameters<NavigateFunction>[0], options?: Parameters<NavigateFunction>[1]) =>
    act(async () => navigate(to, options));
}

describe('the navigation the login box uses', () => {
  it('navigates to an absolute or relative path and reads the query', async () => {
    const navigate = setup('/account/login?step=1');
    expect(screen.getByText('At /account/login, step 1')).toBeInTheDocument();

    await navigate('/account/sign-up?step=2');
    expect(screen.getByText('At /account/sign-up, step 2')).toBeInTheDocument();
    expect(`${window.location.pathname}${window.location.search}`).toBe('/account/sign-up?step=2');

    // Relative paths as react-router resolves them for a page matched at its full path.
    await navigate('../activate');
    expect(window.location.pathname).toBe('/activate');
    await navigate('code', { replace: true });
    expect(window.location.pathname).toBe('/activate/code');
    await navigate('./../resend');
    expect(window.location.pathname).toBe('/activate/resend');
  });

  it('renders a link with its address and navigates in the app on a plain click only', async () => {
    setup('/account/login');
    const link = screen.getByRole('link', { name: 'Reset it' });
    expect(link).toHaveAttribute('href', '/account/forget-password');
    expect(link).toHaveClass('link');
    expect(screen.getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/account/login/next');

    // A click with a modifier (a new tab) is the browser's: the app stays where it is.
    const modified = fireEvent.click(link, { ctrlKey: true });
    expect(modified).toBe(true);
    expect(window.location.pathname).toBe('/account/login');

    await act(async () => {
      fireEvent.click(link);
    });
    expect(screen.getByText('At /account/forget-password, step none')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/account/forget-password');
  });

  it('replaces the entry when a link leads to the page shown, as react-router does', async () => {
    setup('/account/forget-password');
    const before = window.history.length;
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'Reset it' }));
    });
    expect(window.history.length).toBe(before);
    expect(window.location.pathname).toBe('/account/forget-password');
  });
});

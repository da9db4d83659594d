import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * The identity provider's answer in the query string, read once; then the address bar drops it, so the
 * single-use code stays out of the history (and is not saved as the query string:
 * product/query-string.ts leaves /account pages out).
 */
export function useCallbackParams(): URLSearchParams {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const [params] = useState(() => new URLSearchParams(search));
  useEffect(() => {
    if (search) void navigate(pathname, { replace: true });
  }, [search, pathname, navigate]);
  return params;
}

import { isRouteErrorResponse, useRouteError } from 'react-router';
import { LoadFailure } from './load-failure';

/** A screen that failed to render or load its code, inside the portal's layout. */
export function RouteError() {
  const error = useRouteError();
  return (
    <LoadFailure
      detail={isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null}
    />
  );
}

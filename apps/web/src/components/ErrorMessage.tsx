import { isRouteErrorResponse, useRouteError } from 'react-router';

/** An error in words, in red, never a blank page. */
export function ErrorMessage({ message }: { message: string }) {
  return (
    <p role="alert" className="error">
      {message}
    </p>
  );
}

/** What a route shows when loading it or rendering it failed. */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Something went wrong.';
  return (
    <main id="main" tabIndex={-1}>
      <h1>Something went wrong</h1>
      <ErrorMessage message={message} />
    </main>
  );
}

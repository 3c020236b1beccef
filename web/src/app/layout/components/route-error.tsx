import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="mx-auto max-w-md p-8 text-center">
      <h1 className="text-xl font-semibold">{notFound ? 'Page not found' : 'Something went wrong'}</h1>
      <p className="mt-2">
        {notFound ? 'The page you asked for does not exist.' : 'Please reload the page or try again later.'}
      </p>
      <Link to="/" className="mt-4 inline-block underline">
        Go to the home page
      </Link>
    </main>
  );
}

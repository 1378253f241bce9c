/** An address under /config that is no page of the dashboard. */
import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <>
      <h1>Page not found</h1>
      <p>
        There is no such page in the store admin. <Link to="/">Back to the dashboard</Link>
      </p>
    </>
  );
}

/**
 * The frame of every page: the header with the menu button (narrow screens), the owner's email
 * and 'Log out', the navigation the role allows, and the page.
 */
import { useEffect, useId, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { useLogout, type OwnerSession } from './api/session.ts';
import { navFor } from './nav.ts';

export function Shell({ session }: { readonly session: OwnerSession }) {
  const logout = useLogout();
  const [menuOpen, setMenuOpen] = useState(false);
  const navId = useId();
  const location = useLocation();
  // A link followed from the open menu closes it.
  useEffect(() => setMenuOpen(false), [location.pathname]);
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="shell-header">
        <button
          type="button"
          className="menu-button"
          aria-expanded={menuOpen}
          aria-controls={navId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          Menu
        </button>
        <p className="brand">Store admin</p>
        <p className="who" title={session.owner.email}>
          {session.owner.email} <span className="role">({session.owner.roleName})</span>
        </p>
        <button
          type="button"
          className="logout"
          onClick={() => logout.mutate()}
          disabled={logout.isPending}
        >
          Log out
        </button>
      </header>
      <nav id={navId} className={menuOpen ? 'shell-nav open' : 'shell-nav'} aria-label="Admin">
        <ul>
          {navFor(session.owner.actions).map((item) => (
            <li key={item.path}>
              <NavLink to={item.path} end={item.path === '/'}>
                {item.name}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" className="shell-main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}

import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export function Layout({ children }: { children: ReactNode }) {
  return (
    <>
      <header>
        <Link to="/">Identity Verification</Link>
      </header>
      <main>{children}</main>
      <footer>© {new Date().getFullYear()} Identity Verification</footer>
    </>
  );
}

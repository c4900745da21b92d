import type { ReactNode } from 'react';
import { Footer } from './Footer';
import { Header } from './Header';

export function Layout({ children }: { children: ReactNode }) {
  return (
    <div className="page">
      <Header />
      <main className="site-main">{children}</main>
      <Footer />
    </div>
  );
}

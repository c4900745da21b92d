import type { ReactNode } from 'react';
import { Footer } from './Footer';
import { Header } from './Header';
import { useFocusAfterNavigation } from './focus-after-navigation';

export function Layout({ children }: { children: ReactNode }) {
  useFocusAfterNavigation();
  return (
    <div className="page">
      <Header />
      <main className="site-main">{children}</main>
      <Footer />
    </div>
  );
}

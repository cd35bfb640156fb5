/**
 * The frame of every signed-out page (sign in, sign up, reset password...): the brand, a card
 * with the page's title and content, and links under it. Use it for any page shown without a
 * session.
 */
import type { ReactNode } from 'react';
import './auth.css';

/** Props of {@link AuthLayout}. */
export interface AuthLayoutProps {
  /** The page's `<h1>`, e.g. "Sign in to Piecework". */
  title: string;
  /** One line under the title. */
  subtitle?: ReactNode;
  children: ReactNode;
  /** Links under the card (e.g. "No account yet? Sign up"). */
  footer?: ReactNode;
}

/** A centred card titled `title`. */
export function AuthLayout({ title, subtitle, children, footer }: AuthLayoutProps) {
  return (
    <main className="page narrow auth-page">
      <div className="auth-brand">
        <img src="/favicon.svg" alt="" width={28} height={28} /> Piecework
      </div>
      <div className="auth-card">
        <h1>{title}</h1>
        {subtitle === undefined ? null : <p className="muted">{subtitle}</p>}
        {children}
      </div>
      {footer === undefined ? null : <div className="auth-links">{footer}</div>}
    </main>
  );
}

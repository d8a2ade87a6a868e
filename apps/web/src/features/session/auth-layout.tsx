import type { ReactNode } from 'react';
import './auth-layout.css';

const LIGHTS = [
  { left: '14%', height: '40%' },
  { left: '38%', height: '34%' },
  { left: '60%', height: '29%' },
  { left: '79%', height: '25%' },
];

/** Two columns: the page's content, and a decorative column of solar street lights at dusk. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="auth-layout">
      <main className="auth-layout__main">{children}</main>
      <aside className="auth-layout__art" aria-hidden="true">
        <h2>Every solar street light, one console.</h2>
        <p>
          Monitor harvest, batteries and alarms across your fleet, and act on a fault before the street goes
          dark.
        </p>
        <div className="auth-art__sun" />
        {LIGHTS.map((light) => (
          <div
            key={light.left}
            className="auth-art__light"
            style={{ left: light.left, height: light.height }}
          />
        ))}
        <div className="auth-art__ground" />
      </aside>
    </div>
  );
}

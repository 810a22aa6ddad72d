import { tCommon } from '../i18n/common.ts';

const HIGHLIGHTS = [
  { icon: 'pi pi-history', text: 'Every upload becomes a version you can go back to.' },
  { icon: 'pi pi-users', text: 'Share projects with your team and field crews.' },
  { icon: 'pi pi-map', text: 'See exactly which features changed, layer by layer.' },
];

/** The decorative side panel of onboarding pages: contour lines, a tagline and what the product does. */
export function BrandPanel() {
  return (
    <div className="brand-panel">
      <svg
        className="brand-panel__contours"
        viewBox="0 0 400 800"
        preserveAspectRatio="xMidYMid slice"
        aria-hidden="true"
      >
        <g fill="none" stroke="currentColor" strokeWidth="1.4">
          <path d="M-20 120c80-40 140 30 220-10s130-60 220-20" />
          <path d="M-20 170c90-50 150 40 230 0s120-70 210-30" />
          <path d="M-20 230c70-30 160 50 240 10s110-80 200-40" />
          <path d="M-20 420c60 40 130-50 210-10s150 60 230 20" />
          <path d="M-20 470c70 50 140-40 220-5s140 70 220 30" />
          <path d="M-20 530c80 40 150-30 230 5s130 60 210 20" />
          <path d="M-20 690c90-30 150 40 230 0s120-50 210-20" />
          <path d="M-20 740c80-40 160 30 240-5s110-60 200-25" />
        </g>
      </svg>
      <div className="brand-panel__content">
        <p className="brand-panel__tagline">Geospatial projects, in sync across your whole team.</p>
        <ul className="brand-panel__list">
          {HIGHLIGHTS.map((item) => (
            <li key={item.icon}>
              <i className={item.icon} aria-hidden="true" />
              <span>{item.text}</span>
            </li>
          ))}
        </ul>
        <p className="brand-panel__footer">{tCommon('brandFooter', { product: tCommon('productName') })}</p>
      </div>
    </div>
  );
}

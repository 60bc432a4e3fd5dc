import { ToolFilled } from '@ant-design/icons';
import { theme } from 'antd';
import { BRAND_COLOR, PRODUCT_NAME, PRODUCT_TAGLINE } from './brand';

interface BrandMarkProps {
  /** Only the logo square: the collapsed sider has no room for the words. */
  compact?: boolean;
  /** Show the tagline under the name (login card). */
  withTagline?: boolean;
  size?: 'default' | 'large';
}

/** The logo square plus the product name; one component so every place draws the brand alike. */
export function BrandMark({ compact, withTagline, size = 'default' }: BrandMarkProps) {
  // Plain text with the theme's colours, not antd Typography: the brand is on the sign-in page, and
  // Typography (copy, edit, ellipsis with tooltips) would cost it ~15 KB of script.
  const { token } = theme.useToken();
  const box = size === 'large' ? 44 : 32;
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 12, minWidth: 0 }}>
      <span
        aria-hidden
        style={{
          width: box,
          height: box,
          flex: 'none',
          borderRadius: box / 4,
          background: `linear-gradient(135deg, ${BRAND_COLOR} 0%, #0958d9 100%)`,
          color: '#fff',
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          fontSize: box * 0.5,
          boxShadow: '0 2px 6px rgba(22, 119, 255, 0.35)',
        }}
      >
        <ToolFilled />
      </span>
      {!compact && (
        <div style={{ minWidth: 0, lineHeight: 1.2 }}>
          <span style={{ fontSize: size === 'large' ? 22 : 16, fontWeight: 600, whiteSpace: 'nowrap', color: token.colorText }}>
            {PRODUCT_NAME}
          </span>
          {withTagline && <div style={{ fontSize: 13, color: token.colorTextSecondary }}>{PRODUCT_TAGLINE}</div>}
        </div>
      )}
    </div>
  );
}

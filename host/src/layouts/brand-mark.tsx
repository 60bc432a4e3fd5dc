import { ToolFilled } from '@ant-design/icons';
import { Typography } from 'antd';
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
          <Typography.Text strong style={{ fontSize: size === 'large' ? 22 : 16, whiteSpace: 'nowrap' }}>
            {PRODUCT_NAME}
          </Typography.Text>
          {withTagline && (
            <div>
              <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                {PRODUCT_TAGLINE}
              </Typography.Text>
            </div>
          )}
        </div>
      )}
    </div>
  );
}

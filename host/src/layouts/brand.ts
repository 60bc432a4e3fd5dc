/**
 * The product's name and tagline, kept in one place so the login card, the sider and the
 * document title never disagree.
 */
export const PRODUCT_NAME = 'Сервис+';
export const PRODUCT_TAGLINE = 'Бэк-офис сети сервисных центров';
/** The brand colour used for the logo mark; antd's primary stays the default blue. */
export const BRAND_COLOR = '#1677ff';

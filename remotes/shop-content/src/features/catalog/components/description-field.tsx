import DOMPurify from 'dompurify';
import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';

/** The editor's chunk loads only when a drawer shows the field. */
const RichTextEditor = lazy(() => import('./rich-text-editor'));

/** The description as a Form.Item child (`value`/`onChange` of HTML). */
export function DescriptionField(props: { value?: string; onChange?: (html: string) => void; disabled?: boolean; id?: string }) {
  return (
    <Suspense fallback={<Skeleton.Input active block style={{ height: 180 }} />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}

/** Stored HTML shown read-only: sanitised again in the browser (the same allow-list as the server). */
export function sanitizeDescription(html: string): string {
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 'ul', 'ol', 'li', 'h3', 'h4', 'a'],
    ALLOWED_ATTR: ['href', 'target', 'rel'],
    ALLOWED_URI_REGEXP: /^https?:\/\//i,
  });
}

export function DescriptionView({ html }: { html: string }) {
  return <div className="shop-description" dangerouslySetInnerHTML={{ __html: sanitizeDescription(html) }} />;
}

import { BoldOutlined, ItalicOutlined, LinkOutlined, OrderedListOutlined, UnderlineOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Flex, Input, Popover, Tooltip } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';

/** Empty paragraphs left at the end by Enter are not part of the text. */
const trimEmpty = (html: string) => html.replace(/(<p><\/p>)+$/, '');

/**
 * The description editor (tiptap), loaded only when a drawer opens it. It writes what the server keeps:
 * paragraphs, bold, italic, underline, bullet and numbered lists, h3, and http(s) links; the server
 * sanitises the HTML anyway. Ctrl+B / Ctrl+I / Ctrl+U work as usual.
 */
export default function RichTextEditor({ value, onChange, disabled, id }: { value?: string; onChange?: (html: string) => void; disabled?: boolean; id?: string }) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [3] },
        blockquote: false,
        code: false,
        codeBlock: false,
        horizontalRule: false,
        strike: false,
        link: { openOnClick: false, autolink: true, protocols: ['http', 'https'], defaultProtocol: 'https', HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: '_blank' } },
      }),
    ],
    content: value ?? '',
    editable: !disabled,
    immediatelyRender: true,
    editorProps: { attributes: { 'aria-label': 'Описание', 'aria-multiline': 'true', role: 'textbox', class: 'shop-rte-content', ...(id ? { id } : {}) } },
    onUpdate: ({ editor: e }) => onChange?.(e.isEmpty ? '' : trimEmpty(e.getHTML())),
  });

  // A value set from outside (another item opened, the form reset) replaces the content.
  useEffect(() => {
    if (!editor) return;
    const current = editor.isEmpty ? '' : trimEmpty(editor.getHTML());
    if ((value ?? '') !== current) editor.commands.setContent(value ?? '', { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    editor?.setEditable(!disabled);
  }, [editor, disabled]);

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      underline: e?.isActive('underline') ?? false,
      bullet: e?.isActive('bulletList') ?? false,
      ordered: e?.isActive('orderedList') ?? false,
      h3: e?.isActive('heading', { level: 3 }) ?? false,
      link: e?.isActive('link') ?? false,
      href: (e?.getAttributes('link').href as string | undefined) ?? '',
    }),
  });

  const [linkOpen, setLinkOpen] = useState(false);
  const [href, setHref] = useState('');

  function applyLink() {
    const url = href.trim();
    if (!editor) return;
    const chain = editor.chain().focus().extendMarkRange('link');
    if (!url) chain.unsetLink().run();
    else chain.setLink({ href: /^https?:\/\//i.test(url) ? url : `https://${url}` }).run();
    setLinkOpen(false);
  }

  const tool = (key: string, title: string, icon: ReactNode, active: boolean, run: () => void) => (
    <Tooltip title={title} key={key}>
      <Button size="small" type={active ? 'primary' : 'text'} icon={icon} aria-label={title} aria-pressed={active} disabled={disabled} onClick={run} />
    </Tooltip>
  );

  return (
    <div className="shop-rte" style={{ border: '1px solid #d9d9d9', borderRadius: 6, background: disabled ? '#fafafa' : '#fff' }}>
      <style>{`.shop-rte-content{min-height:140px;max-height:360px;overflow:auto;padding:8px 11px;outline:none}.shop-rte-content p{margin:0 0 8px}.shop-rte-content h3{margin:8px 0}.shop-rte-content ul,.shop-rte-content ol{padding-inline-start:22px;margin:0 0 8px}.shop-rte:focus-within{border-color:#1677ff!important;box-shadow:0 0 0 2px rgba(5,145,255,0.1)}`}</style>
      {!disabled ? (
        <Flex gap={2} wrap style={{ padding: 4, borderBottom: '1px solid #f0f0f0' }} role="toolbar" aria-label="Оформление текста">
          {tool('b', 'Жирный (Ctrl+B)', <BoldOutlined />, state?.bold ?? false, () => editor?.chain().focus().toggleBold().run())}
          {tool('i', 'Курсив (Ctrl+I)', <ItalicOutlined />, state?.italic ?? false, () => editor?.chain().focus().toggleItalic().run())}
          {tool('u', 'Подчёркнутый (Ctrl+U)', <UnderlineOutlined />, state?.underline ?? false, () => editor?.chain().focus().toggleUnderline().run())}
          <Tooltip title="Заголовок">
            <Button size="small" type={state?.h3 ? 'primary' : 'text'} aria-label="Заголовок" aria-pressed={state?.h3 ?? false} onClick={() => editor?.chain().focus().toggleHeading({ level: 3 }).run()}>
              H3
            </Button>
          </Tooltip>
          {tool('ul', 'Маркированный список', <UnorderedListOutlined />, state?.bullet ?? false, () => editor?.chain().focus().toggleBulletList().run())}
          {tool('ol', 'Нумерованный список', <OrderedListOutlined />, state?.ordered ?? false, () => editor?.chain().focus().toggleOrderedList().run())}
          <Popover
            open={linkOpen}
            onOpenChange={(open) => {
              setLinkOpen(open);
              if (open) setHref(state?.href ?? '');
            }}
            trigger="click"
            content={
              <Flex gap={4}>
                <Input
                  autoFocus
                  size="small"
                  value={href}
                  onChange={(e) => setHref(e.target.value)}
                  onPressEnter={(e) => {
                    e.preventDefault();
                    applyLink();
                  }}
                  placeholder="https://… (пусто — убрать ссылку)"
                  aria-label="Адрес ссылки"
                  style={{ width: 260 }}
                />
                <Button size="small" type="primary" onClick={applyLink}>
                  OK
                </Button>
              </Flex>
            }
          >
            <Tooltip title="Ссылка">
              <Button size="small" type={state?.link ? 'primary' : 'text'} icon={<LinkOutlined />} aria-label="Ссылка" aria-pressed={state?.link ?? false} />
            </Tooltip>
          </Popover>
        </Flex>
      ) : null}
      <EditorContent editor={editor} />
    </div>
  );
}

import { printElement, printHtml } from '../print';

/** Captures the print frame and replaces its window's print() (jsdom does not print). */
function capturePrint() {
  const printed: string[] = [];
  const append = document.body.appendChild.bind(document.body);
  jest.spyOn(document.body, 'appendChild').mockImplementation(<T extends Node>(node: T) => {
    const out = append(node);
    if (node instanceof HTMLIFrameElement && node.contentWindow) {
      const win = node.contentWindow;
      win.focus = () => undefined;
      win.print = () => {
        printed.push(win.document.body.innerHTML);
        win.dispatchEvent(new (win as unknown as typeof globalThis).Event('afterprint'));
      };
    }
    return out;
  });
  return printed;
}

describe('print', () => {
  afterEach(() => jest.restoreAllMocks());

  it('prints a fragment through a hidden iframe and removes it afterwards', async () => {
    const printed = capturePrint();
    await printHtml('<h1>Квитанция №12</h1>', { title: 'Квитанция', css: '@page { size: A4 }' });
    expect(printed).toEqual(['<h1>Квитанция №12</h1>']);
    expect(document.querySelector('iframe[data-print]')).toBeNull();
  });

  it('prints an element as it is on the page', async () => {
    const printed = capturePrint();
    const el = document.createElement('div');
    el.innerHTML = '<p>Заказ <b>№7</b></p>';
    document.body.append(el);
    await printElement(el, { copyStyles: false });
    expect(printed[0]).toBe('<div><p>Заказ <b>№7</b></p></div>');
  });
});

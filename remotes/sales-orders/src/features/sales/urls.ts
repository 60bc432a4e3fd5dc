/** The sales' addresses: the counter, the journal, one sale, a customer return. */
export const saleCounterUrl = () => '/sales';
export const saleListUrl = () => '/sales/list';
export const saleUrl = (id: string, dialog?: 'return') => `/sales/${id}${dialog ? `?dialog=${dialog}` : ''}`;
export const saleReturnUrl = (search?: string) => `/sales/return${search ? `?search=${encodeURIComponent(search)}` : ''}`;

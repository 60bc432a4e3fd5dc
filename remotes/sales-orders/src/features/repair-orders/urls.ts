/** The repair orders' addresses: the list (table or board) and one order, with an optional dialog. */
export const orderListUrl = (view?: 'board') => (view ? `/orders?view=${view}` : '/orders');
export const orderUrl = (id: string, dialog?: 'issue' | 'print' | 'pay') => `/orders/${id}${dialog ? `?dialog=${dialog}` : ''}`;

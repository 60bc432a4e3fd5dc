import { RollbackOutlined } from '@ant-design/icons';
import { Can } from '@repo/ui';
import { Button, Segmented, Space, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router-dom';
import { StockTabs } from '../../shared/stock-tabs';
import { DocumentListPage } from './pages/document-list-page';
import { DocumentPage } from './pages/document-page';

/**
 * The stock documents' screens (one chunk: they share the document list and card). The balances and the
 * product card are chunks of their own (`expose/routes.tsx`), so the first visit to /stock does not
 * download the documents' date pickers, steps and timelines.
 */

export const ReceiptList = () => <DocumentListPage type="receipt" />;
export const ReceiptPage = () => <DocumentPage type="receipt" />;
export const WriteOffList = () => <DocumentListPage type="write_off" />;
export const WriteOffPage = () => <DocumentPage type="write_off" />;
export const TransferList = () => <DocumentListPage type="transfer" />;
export const TransferPage = () => <DocumentPage type="transfer" />;
export const StocktakeList = () => <DocumentListPage type="stocktake" />;
export const StocktakePage = () => <DocumentPage type="stocktake" />;
export const SupplierReturnPage = () => <DocumentPage type="supplier_return" />;

/** `/stock/refund`: returns to suppliers; returns from customers are made against a sale (the sales area, `/sales/return`). */
export function RefundList() {
  const [params, setParams] = useSearchParams();
  const side = params.get('side') === 'customers' ? 'customers' : 'suppliers';
  const switcher = (
    <Segmented
      value={side}
      onChange={(v) => setParams(v === 'customers' ? { side: 'customers' } : {})}
      options={[
        { value: 'suppliers', label: 'Поставщикам' },
        { value: 'customers', label: 'От покупателей' },
      ]}
      style={{ marginBottom: 12 }}
    />
  );
  if (side === 'customers') {
    return (
      <>
        <StockTabs />
        {switcher}
        <Typography.Paragraph type="secondary">
          Возврат от покупателя оформляется по продаже — сделанной в любом магазине сети: товар возвращается на склад этого магазина по
          себестоимости той продажи, деньги выдаются из его кассы.
        </Typography.Paragraph>
        <Space wrap>
          <Can rule="create:sale">
            <Link to="/sales/return">
              <Button type="primary" icon={<RollbackOutlined />}>
                Оформить возврат покупателя
              </Button>
            </Link>
          </Can>
          <Can rule="view:sale">
            <Link to="/sales/list?cancelled=true">
              <Button>Журнал продаж</Button>
            </Link>
          </Can>
        </Space>
      </>
    );
  }
  return <DocumentListPage type="supplier_return" extra={switcher} />;
}

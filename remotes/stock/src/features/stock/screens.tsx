import { Segmented, Typography } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { StockTabs } from '../../shared/stock-tabs';
import { DocumentListPage } from './pages/document-list-page';
import { DocumentPage } from './pages/document-page';

/** The stock screens as react-router's lazy modules expect them (one chunk: they share the document screens). */
export { LeftoversPage } from './pages/leftovers-page';
export { ProductCardPage } from './pages/product-card-page';

export const ReceiptList = () => <DocumentListPage type="receipt" />;
export const ReceiptPage = () => <DocumentPage type="receipt" />;
export const WriteOffList = () => <DocumentListPage type="write_off" />;
export const WriteOffPage = () => <DocumentPage type="write_off" />;
export const TransferList = () => <DocumentListPage type="transfer" />;
export const TransferPage = () => <DocumentPage type="transfer" />;
export const StocktakeList = () => <DocumentListPage type="stocktake" />;
export const StocktakePage = () => <DocumentPage type="stocktake" />;
export const SupplierReturnPage = () => <DocumentPage type="supplier_return" />;

/** `/stock/refund`: returns to suppliers now; customer returns arrive with sales (issue #11). */
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
        <Typography.Paragraph type="secondary">Возвраты от покупателей оформляются из продажи: этот раздел заработает вместе с продажами.</Typography.Paragraph>
      </>
    );
  }
  return <DocumentListPage type="supplier_return" extra={switcher} />;
}

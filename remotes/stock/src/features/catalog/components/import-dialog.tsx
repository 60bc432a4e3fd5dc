import { InboxOutlined } from '@ant-design/icons';
import type { ImportPreview, ImportRow } from '@repo/contracts';
import { api, getApiError, notify } from '@repo/shared-core';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Modal, Table, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import { categoryKeys, productKeys } from '../api';
import { mapImportRows } from '../import-rows';

const actionTags = { create: <Tag color="green">новый</Tag>, update: <Tag color="blue">обновится</Tag>, error: <Tag color="red">ошибка</Tag> };

/** Import from Excel: pick an .xlsx, see what will be created or updated and each row's errors, then confirm. Nothing is written before. */
export function ImportDialog({ onClose }: { onClose: () => void }) {
  const qc = useQueryClient();
  const [fileName, setFileName] = useState<string | null>(null);
  const [rows, setRows] = useState<ImportRow[]>([]);
  const [lines, setLines] = useState<number[]>([]);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function read(file: File) {
    setBusy(true);
    setProblem(null);
    setPreview(null);
    setFileName(file.name);
    try {
      const { readSheet } = await import('read-excel-file/browser');
      const sheet = (await readSheet(file)) as Array<Array<string | number | boolean | Date | null>>;
      const mapped = mapImportRows(sheet);
      if (mapped.missing) return setProblem(mapped.missing);
      if (!mapped.rows.length) return setProblem('В файле нет строк с товарами');
      setRows(mapped.rows);
      setLines(mapped.lines);
      const { data } = await api.post<ImportPreview>('catalog/products/import', { rows: mapped.rows, dryRun: true });
      setPreview(data);
    } catch (e) {
      setProblem(e instanceof Error && !('isAxiosError' in e) ? 'Не удалось прочитать файл: сохраните его в формате .xlsx' : getApiError(e).message);
    } finally {
      setBusy(false);
    }
  }

  async function confirm() {
    setBusy(true);
    try {
      const { data } = await api.post<ImportPreview>('catalog/products/import', { rows, dryRun: false });
      setPreview(data);
      if (data.written) {
        notify.success(`Импорт выполнен: новых ${data.created}, обновлено ${data.updated}`);
        void qc.invalidateQueries({ queryKey: productKeys.all });
        void qc.invalidateQueries({ queryKey: categoryKeys.all });
        onClose();
      }
    } catch (e) {
      setProblem(getApiError(e).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      width={900}
      title="Импорт товаров из Excel"
      onCancel={onClose}
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>Отмена</Button>
          <Button type="primary" disabled={!preview || preview.failed > 0 || busy} loading={busy && !!preview} onClick={() => void confirm()}>
            {preview ? `Импортировать (${preview.created + preview.updated})` : 'Импортировать'}
          </Button>
        </Flex>
      }
    >
      <Upload.Dragger accept=".xlsx" showUploadList={false} beforeUpload={(file) => (void read(file), false)} disabled={busy} data-testid="import-file">
        <p className="ant-upload-drag-icon"><InboxOutlined /></p>
        <p className="ant-upload-text">{fileName ?? 'Выберите или перетащите файл .xlsx'}</p>
        <p className="ant-upload-hint">Столбцы: Название, Артикул, Штрихкоды, Вид, Единица, Цена, Категория, Подкатегория, Гарантия, Серийный учёт, Описание. Товар находится по артикулу, затем по штрихкоду.</p>
      </Upload.Dragger>
      {problem ? <Alert type="error" showIcon message={problem} style={{ marginTop: 12 }} /> : null}
      {preview ? (
        <>
          <Alert
            style={{ marginTop: 12 }}
            type={preview.failed ? 'warning' : 'info'}
            showIcon
            message={`Новых: ${preview.created}, обновится: ${preview.updated}, с ошибками: ${preview.failed}`}
            description={
              preview.failed
                ? 'Исправьте строки с ошибками в файле и загрузите его снова: пока есть ошибки, ничего не записывается.'
                : preview.newCategories.length
                  ? `Будут созданы категории: ${preview.newCategories.join(', ')}`
                  : 'Ничего не записано: проверьте и подтвердите импорт.'
            }
          />
          <Table
            style={{ marginTop: 12 }}
            size="small"
            rowKey="row"
            dataSource={preview.rows}
            pagination={preview.rows.length > 100 ? { pageSize: 100 } : false}
            scroll={{ y: 360 }}
            columns={[
              { key: 'line', title: 'Строка', width: 80, render: (_, r) => lines[r.row - 1] ?? r.row },
              { key: 'name', title: 'Название', render: (_, r) => r.name },
              { key: 'action', title: 'Действие', width: 120, render: (_, r) => actionTags[r.action] },
              {
                key: 'errors',
                title: 'Ошибки',
                render: (_, r) => (Object.keys(r.errors).length ? <Typography.Text type="danger">{Object.values(r.errors).join('; ')}</Typography.Text> : null),
              },
            ]}
            rowClassName={(r) => (r.action === 'error' ? 'import-row-error' : '')}
          />
        </>
      ) : null}
    </Modal>
  );
}

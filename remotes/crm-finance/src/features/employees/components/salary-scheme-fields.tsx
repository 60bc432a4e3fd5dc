import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { employeeLimits, percentSchema, salaryRuleKindLabels, salaryRuleKinds, type Category } from '@repo/contracts';
import { zodRule } from '@repo/ui';
import { Button, Flex, Form, InputNumber, Select, TreeSelect, Typography } from 'antd';
import { useMemo } from 'react';
import { useCatalogCategories } from '../api';

interface TreeNode {
  value: string;
  title: string;
  children: TreeNode[];
}

function categoryTree(all: readonly Category[]): TreeNode[] {
  const ids = new Set(all.map((c) => c.id));
  const node = (c: Category): TreeNode => ({ value: c.id, title: c.name, children: all.filter((x) => x.parentId === c.id).map(node) });
  return all.filter((c) => c.parentId === null || !ids.has(c.parentId)).map(node);
}

const kindOptions = salaryRuleKinds.map((k) => ({ value: k, label: salaryRuleKindLabels[k] }));

/**
 * The salary scheme inside the employee form (`salary.monthlyBase` in roubles, `salary.rules[]`): one row
 * per commission rule — what it is a percent of, the percent, optionally a catalogue category (its
 * sub-categories included). The percent is checked by the contracts' own schema as it is typed.
 */
export function SalarySchemeFields({ disabled }: { disabled?: boolean }) {
  const categories = useCatalogCategories(!disabled);
  const tree = useMemo(() => categoryTree(categories.data ?? []), [categories.data]);
  return (
    <>
      <Form.Item
        name={['salary', 'monthlyBase']}
        label="Оклад в месяц, ₽"
        extra="Начисляется по календарным дням периода"
        rules={[{ type: 'number', min: 0, message: 'Оклад — сумма от 0 ₽' }]}
      >
        <InputNumber aria-label="Оклад в месяц" min={0} step={1000} precision={2} decimalSeparator="," style={{ width: 200 }} />
      </Form.Item>
      <Form.List name={['salary', 'rules']}>
        {(fields, { add, remove }) => (
          <div role="group" aria-label="Проценты">
            <Typography.Text strong>Проценты</Typography.Text>
            {fields.length === 0 ? (
              <Typography.Paragraph type="secondary" style={{ margin: '4px 0 8px' }}>
                Без процентов: только оклад
              </Typography.Paragraph>
            ) : null}
            {fields.map((field, i) => (
              // Two lines per rule (what it is a percent of; the percent and the category), so a rule reads the same in a narrow card.
              <div key={field.key} data-testid="salary-rule" style={{ marginTop: 8, padding: 8, border: '1px solid rgba(5, 5, 5, 0.06)', borderRadius: 6 }}>
                <Flex gap={8} align="start">
                  <Form.Item name={[field.name, 'kind']} rules={[{ required: true, message: 'Выберите вид начисления' }]} style={{ flex: 1, marginBottom: 8 }}>
                    <Select aria-label={`Вид начисления ${i + 1}`} options={kindOptions} placeholder="Вид начисления" />
                  </Form.Item>
                  {disabled ? null : <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Убрать правило ${i + 1}`} onClick={() => remove(field.name)} />}
                </Flex>
                <Flex gap={8} align="start">
                  <Form.Item name={[field.name, 'percent']} validateFirst rules={[{ required: true, message: 'Укажите процент' }, zodRule(percentSchema)]} style={{ width: 110, marginBottom: 0 }}>
                    <InputNumber aria-label={`Процент ${i + 1}`} step={1} decimalSeparator="," suffix="%" style={{ width: '100%' }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'categoryId']} style={{ flex: 1, marginBottom: 0 }}>
                    <TreeSelect
                      aria-label={`Категория ${i + 1}`}
                      allowClear
                      showSearch
                      treeNodeFilterProp="title"
                      treeData={tree}
                      placeholder="Все категории"
                      loading={categories.isPending}
                    />
                  </Form.Item>
                </Flex>
              </div>
            ))}
            {disabled || fields.length >= employeeLimits.salaryRulesMax ? null : (
              <Button type="dashed" icon={<PlusOutlined />} size="small" onClick={() => add({ kind: null, percent: null, categoryId: null })} style={{ marginTop: 8 }}>
                Добавить процент
              </Button>
            )}
          </div>
        )}
      </Form.List>
    </>
  );
}

import type { Employee } from '@repo/contracts';
import { Tag } from 'antd';

/** «Активен» / «Заблокирован» / «Ждёт смены пароля». */
export function EmployeeState({ employee }: { employee: Pick<Employee, 'active' | 'mustChangePassword'> }) {
  if (!employee.active) return <Tag color="red">Заблокирован</Tag>;
  if (employee.mustChangePassword) return <Tag color="gold" title="Вошёл с временным паролем или ещё не входил">Временный пароль</Tag>;
  return <Tag color="green">Активен</Tag>;
}

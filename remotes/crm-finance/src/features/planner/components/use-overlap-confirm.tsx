import { App } from 'antd';
import { useCallback } from 'react';

/** The question of a 409 `appointment_overlap` («…Записать всё равно?»): resolves to the answer. */
export function useOverlapConfirm() {
  const { modal } = App.useApp();
  return useCallback(
    (question: string) =>
      new Promise<boolean>((resolve) => {
        modal.confirm({
          title: 'Время занято',
          content: question,
          okText: 'Записать всё равно',
          cancelText: 'Отмена',
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
        });
      }),
    [modal],
  );
}

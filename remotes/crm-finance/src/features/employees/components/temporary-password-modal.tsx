import { CopyOutlined } from '@ant-design/icons';
import { notify } from '@repo/shared-core';
import { Alert, Button, Flex, Modal, Typography } from 'antd';

/**
 * The temporary password of a new employee (or after a reset), shown once: the server never sends it
 * again. The employee signs in with it and must change it before anything else.
 */
export function TemporaryPasswordModal({ name, password, reset, onClose }: { name: string; password: string; reset: boolean; onClose: () => void }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(password);
      notify.success('Пароль скопирован');
    } catch {
      notify.warning('Не удалось скопировать: выделите пароль и скопируйте вручную');
    }
  }
  return (
    <Modal
      open
      title={reset ? `Новый временный пароль: ${name}` : `Сотрудник добавлен: ${name}`}
      onCancel={onClose}
      mask={{ closable: false }}
      footer={
        <Button type="primary" onClick={onClose}>
          Я передал пароль
        </Button>
      }
    >
      <Typography.Paragraph>Временный пароль для входа:</Typography.Paragraph>
      <Flex gap={8} align="center" style={{ marginBottom: 16 }}>
        <Typography.Text code style={{ fontSize: 22, letterSpacing: 1, userSelect: 'all' }} data-testid="temporary-password">
          {password}
        </Typography.Text>
        <Button icon={<CopyOutlined />} onClick={() => void copy()} autoFocus>
          Скопировать
        </Button>
      </Flex>
      <Alert
        type="warning"
        showIcon
        title="Пароль показывается один раз"
        description="Передайте его сотруднику: при первом входе он должен сменить его на свой. Если пароль потерян, сбросьте его ещё раз."
      />
    </Modal>
  );
}

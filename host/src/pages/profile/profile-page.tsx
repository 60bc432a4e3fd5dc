import { Col, Row } from 'antd';
import { AccrualsCard } from './accruals-card';
import { PasswordCard } from './password-card';
import { ProfileInfoCard } from './profile-info-card';
import { SessionsCard } from './sessions-card';

/** /profile: own data and password side by side, the month's accruals and the sessions table across the full width below. */
export function ProfilePage() {
  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} xl={12}>
        <ProfileInfoCard />
      </Col>
      <Col xs={24} xl={12}>
        <PasswordCard />
      </Col>
      <Col span={24}>
        <AccrualsCard />
      </Col>
      <Col span={24}>
        <SessionsCard />
      </Col>
    </Row>
  );
}

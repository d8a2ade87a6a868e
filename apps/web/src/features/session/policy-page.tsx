import { Card, Flex, Typography } from 'antd';
import { Link } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { PRODUCT_NAME } from '../../lib/branding';

// Spec 01 §2: the policy page holds placeholder filler text until the real policy is written.
const SECTIONS = [
  {
    title: 'Information we collect',
    text: 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. Integer posuere erat a ante venenatis dapibus posuere velit aliquet. Vestibulum id ligula porta felis euismod semper. Cras mattis consectetur purus sit amet fermentum.',
  },
  {
    title: 'How we use it',
    text: 'Donec ullamcorper nulla non metus auctor fringilla. Maecenas faucibus mollis interdum. Nullam quis risus eget urna mollis ornare vel eu leo. Aenean lacinia bibendum nulla sed consectetur. Curabitur blandit tempus porttitor.',
  },
  {
    title: 'Device and telemetry data',
    text: 'Etiam porta sem malesuada magna mollis euismod. Vivamus sagittis lacus vel augue laoreet rutrum faucibus dolor auctor. Praesent commodo cursus magna, vel scelerisque nisl consectetur et. Sed posuere consectetur est at lobortis.',
  },
  {
    title: 'Contact',
    text: 'Morbi leo risus, porta ac consectetur ac, vestibulum at eros. Duis mollis, est non commodo luctus, nisi erat porttitor ligula, eget lacinia odio sem nec elit. Nulla vitae elit libero, a pharetra augue.',
  },
];

export function PolicyPage() {
  return (
    <Flex justify="center" style={{ minHeight: '100vh', padding: '48px 16px', background: '#f5f7fb' }}>
      <Card style={{ width: '100%', maxWidth: 760, alignSelf: 'flex-start' }}>
        <Link to="/" aria-label="Home">
          <BrandLogo src={null} alt={PRODUCT_NAME} style={{ height: 40 }} />
        </Link>
        <Typography style={{ marginTop: 24 }}>
          <Typography.Title level={2}>Our Policy</Typography.Title>
          {SECTIONS.map((section) => (
            <section key={section.title}>
              <Typography.Title level={4}>{section.title}</Typography.Title>
              <Typography.Paragraph style={{ lineHeight: 1.7 }}>{section.text}</Typography.Paragraph>
            </section>
          ))}
        </Typography>
      </Card>
    </Flex>
  );
}

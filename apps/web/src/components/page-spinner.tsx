import { Flex, Spin } from 'antd';

/** Shown while a screen's code or first data loads. */
export function PageSpinner({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <Flex justify="center" align="center" style={{ minHeight: fullScreen ? '100vh' : 240 }}>
      <Spin size="large" />
    </Flex>
  );
}

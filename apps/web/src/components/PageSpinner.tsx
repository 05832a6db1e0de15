import { Flex, Spin } from 'antd';

export function PageSpinner() {
  return (
    <Flex align="center" justify="center" style={{ minHeight: 320 }}>
      <Spin size="large" />
    </Flex>
  );
}

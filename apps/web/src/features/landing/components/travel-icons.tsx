import Icon from '@ant-design/icons';
import type { GetProps } from 'antd';

// @ant-design/icons has no aeroplane or train glyph; these are drawn on its 1024 grid so they size and colour
// exactly like the library icons next to them.
type IconProps = Partial<GetProps<typeof Icon>>;

const PlaneSvg = () => (
  <svg viewBox="0 0 1024 1024" width="1em" height="1em" fill="currentColor" aria-hidden="true">
    <path
      transform="rotate(45 512 512)"
      d="M512 64C548 64 560 110 560 150L560 400L928 600L928 680L560 580L560 800L672 880L672 944L512 904L352 944L352 880L464 800L464 580L96 680L96 600L464 400L464 150C464 110 476 64 512 64Z"
    />
  </svg>
);

const TrainSvg = () => (
  <svg viewBox="0 0 1024 1024" width="1em" height="1em" fill="currentColor" fillRule="evenodd" aria-hidden="true">
    <path d="M320 96h384a128 128 0 0 1 128 128v416a128 128 0 0 1-128 128H320a128 128 0 0 1-128-128V224A128 128 0 0 1 320 96zM288 256h448v192H288zM296 640a56 56 0 1 0 112 0a56 56 0 1 0-112 0zM616 640a56 56 0 1 0 112 0a56 56 0 1 0-112 0zM352 800h56l-88 144h-64zM616 800h56l96 144h-64z" />
  </svg>
);

// Decorative, like the text beside them says what they show: hidden from assistive technology (an unnamed role="img"
// is an accessibility error).
export const PlaneIcon = (props: IconProps) => <Icon component={PlaneSvg} aria-hidden="true" {...props} />;
export const TrainIcon = (props: IconProps) => <Icon component={TrainSvg} aria-hidden="true" {...props} />;

import type { ThemeConfig } from 'antd';

// The console's antd theme. The sign-in page draws its form without antd (to keep its download
// small) in the same colours: features/session/sign-in.css.
export const THEME: ThemeConfig = { token: { colorPrimary: '#1677ff', borderRadius: 8 } };

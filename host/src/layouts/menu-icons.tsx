import {
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  BugOutlined,
  BuildOutlined,
  CalendarOutlined,
  CarryOutOutlined,
  CheckSquareOutlined,
  ContactsOutlined,
  CreditCardOutlined,
  DollarOutlined,
  FileTextOutlined,
  FundOutlined,
  HomeOutlined,
  IdcardOutlined,
  InboxOutlined,
  LaptopOutlined,
  LayoutOutlined,
  MobileOutlined,
  PictureOutlined,
  ProfileOutlined,
  ScheduleOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  ShoppingOutlined,
  SolutionOutlined,
  TagsOutlined,
  TeamOutlined,
  ToolOutlined,
  UnorderedListOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/**
 * The interface store keeps icons as antd icon NAMES (plain strings), so the store stays
 * serialisable and remotes need no icon package. This is the one place that turns a name into a
 * component; named imports keep the bundle from pulling in all ~800 icons.
 */
const icons: Record<string, ComponentType> = {
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  BugOutlined,
  BuildOutlined,
  CalendarOutlined,
  CarryOutOutlined,
  CheckSquareOutlined,
  ContactsOutlined,
  CreditCardOutlined,
  DollarOutlined,
  FileTextOutlined,
  FundOutlined,
  HomeOutlined,
  IdcardOutlined,
  InboxOutlined,
  LaptopOutlined,
  LayoutOutlined,
  MobileOutlined,
  PictureOutlined,
  ProfileOutlined,
  ScheduleOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  ShoppingOutlined,
  SolutionOutlined,
  TagsOutlined,
  TeamOutlined,
  ToolOutlined,
  UnorderedListOutlined,
  UserOutlined,
  WalletOutlined,
};

/** Unknown names fall back to a neutral icon rather than leaving a hole in the menu. */
export function MenuIcon({ name }: { name?: string | null }) {
  const Icon = (name && icons[name]) || AppstoreOutlined;
  return <Icon />;
}

export function hasMenuIcon(name: string): boolean {
  return name in icons;
}

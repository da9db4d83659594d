// The slice of the SDK's user and tenant that the product's rules read (SPEC section 3).
// Kept structural so screens can pass the SDK objects straight in.

export interface ProductRole {
  key: string;
  name?: string;
}

export interface ProductPermission {
  key: string;
}

export interface ProductUser {
  id: string;
  email: string;
  name?: string;
  tenantId: string;
  roles?: ProductRole[];
  permissions?: ProductPermission[];
  superUser?: boolean;
  /** JSON string, free-form. */
  metadata?: string | null;
  /** JSON string: `{ expiration?: 'YYYY-MM-DD', activated?: boolean, signupType?: string }`. */
  vendorMetadata?: string | null;
  createdAt?: string;
  verified?: boolean;
}

export interface ProductTenant {
  tenantId: string;
  name?: string;
  /** JSON string: `{ expiration?: 'YYYY-MM-DD', domains?, source?, defaults?, ... }`. */
  metadata?: string | null;
  createdAt?: string;
}

/** The browser's `localStorage` / `sessionStorage` shape, injected so rules stay testable. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

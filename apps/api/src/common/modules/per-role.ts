import type { DynamicModule } from '@nestjs/common';
import type { Role } from '../../config/config.schema.js';

/**
 * Nest tells dynamic modules apart by object identity: two `forRole(role)` objects would be two
 * instances of the module, each with its own providers. Feature modules import one another by
 * `forRole`, so each builds its object once per role and hands out that same object.
 */
export function perRole(build: (role: Role) => DynamicModule): (role: Role) => DynamicModule {
  const built = new Map<Role, DynamicModule>();
  return (role) => {
    let module = built.get(role);
    if (!module) {
      module = build(role);
      built.set(role, module);
    }
    return module;
  };
}

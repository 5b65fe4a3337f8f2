import { z } from "zod";

// Every validation message is French: the catalogue's own texts in the schemas, and Zod's
// Canadian French locale for anything a schema does not name.
z.config(z.locales.frCA());

export { z };

import { describeHostileInput } from "./hostile-input";

describeHostileInput({ name: "pglite" });

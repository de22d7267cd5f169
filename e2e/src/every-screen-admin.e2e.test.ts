import { DEMO_ADMIN } from './demo-session.ts';
import { describeEveryScreenAs } from './every-screen/every-screen-as.ts';

describeEveryScreenAs(DEMO_ADMIN);

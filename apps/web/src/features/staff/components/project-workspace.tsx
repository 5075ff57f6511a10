import { Link } from 'react-router';
import type { Project } from '@noise/shared/project';
import { Deliverables } from '@/components/messages/deliverables';
import { MessageThread } from '@/components/messages/message-thread';
import { StaffSection } from './page-header';
import { SaleBrief } from './sale-brief';

/**
 * A project's workspace as the team works it: deliverables, the thread with internal notes and
 * the customer's brief. Edit Sale and a request's page (docs/product.md#request-plans) show it.
 */
export function ProjectWorkspace({ project }: { project: Project }) {
  return (
    <>
      <Deliverables projectId={project._id} customer={false}>
        {(list) => (
          <StaffSection
            title="Deliverables"
            description="What the team sent for approval, newest first, and what the customer said."
          >
            <div id="deliverables" className="scroll-mt-24">
              {list}
            </div>
          </StaffSection>
        )}
      </Deliverables>
      <StaffSection
        title="Messages"
        description="With the customer; internal notes stay with the team."
      >
        <div id="messages" className="scroll-mt-24">
          <MessageThread thread={{ kind: 'project', id: project._id }} team />
        </div>
      </StaffSection>
      <SaleBrief saleId={project._id} />
    </>
  );
}

/** Where the project's files are: its company's library, which has a folder for the order. */
export function ProjectFiles({ project }: { project: Project }) {
  if (!project.companyId) return null;
  return (
    <StaffSection
      title="Files"
      description="The company's file library, this order's folder included."
    >
      <Link
        to={`/wkm-dashboard/customers/edit/${project.user._id}#section-files`}
        className="font-semibold text-accent-strong underline underline-offset-2"
      >
        Open the company's files
      </Link>
    </StaffSection>
  );
}
